"""Registers Plumb's language server with the LSP package (Sublime Text 4).

The client's settings are in LSP-plumb.sublime-settings beside this file. Without this package,
the same client can be written in LSP.sublime-settings under "clients" (see README.md).
"""

import sublime  # noqa: F401  (provided by Sublime Text)
from LSP.plugin import AbstractPlugin, register_plugin, unregister_plugin


class Plumb(AbstractPlugin):
    @classmethod
    def name(cls):
        return "LSP-plumb"

    @classmethod
    def configuration(cls):
        base_name = "LSP-plumb.sublime-settings"
        return sublime.load_settings(base_name), "Packages/{}/{}".format(__package__, base_name)


def plugin_loaded():
    register_plugin(Plumb)


def plugin_unloaded():
    unregister_plugin(Plumb)
