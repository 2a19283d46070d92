// Placeholder: the solver is being written.
public enum CassowarySolverPlaceholder {}
