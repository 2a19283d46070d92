//! Zed runs `plumb lsp` for Plumb's languages: `plumb` from the worktree's PATH, or the path in
//! the settings' `lsp.plumb.binary.path`.

use zed_extension_api::{self as zed, settings::LspSettings, LanguageServerId, Result};

struct PlumbExtension;

impl zed::Extension for PlumbExtension {
    fn new() -> Self {
        PlumbExtension
    }

    fn language_server_command(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let binary = LspSettings::for_worktree(language_server_id.as_ref(), worktree)
            .ok()
            .and_then(|settings| settings.binary);
        let path = binary
            .as_ref()
            .and_then(|binary| binary.path.clone())
            .or_else(|| worktree.which("plumb"))
            .ok_or_else(|| "plumb is not on PATH: build it and install it, or set lsp.plumb.binary.path".to_string())?;
        let args = binary
            .and_then(|binary| binary.arguments)
            .unwrap_or_else(|| vec!["lsp".to_string()]);
        Ok(zed::Command {
            command: path,
            args,
            env: worktree.shell_env(),
        })
    }

    fn language_server_initialization_options(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<zed::serde_json::Value>> {
        // `lsp.plumb.initialization_options` in the settings: primaryCanvas, primaryDirection, inlayHints.
        Ok(LspSettings::for_worktree(language_server_id.as_ref(), worktree)
            .ok()
            .and_then(|settings| settings.initialization_options))
    }

    fn language_server_workspace_configuration(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<zed::serde_json::Value>> {
        // `lsp.plumb.settings`, answered for section `plumb`.
        let settings = LspSettings::for_worktree(language_server_id.as_ref(), worktree)
            .ok()
            .and_then(|settings| settings.settings);
        Ok(settings.map(|settings| zed::serde_json::json!({ "plumb": settings })))
    }
}

zed::register_extension!(PlumbExtension);
