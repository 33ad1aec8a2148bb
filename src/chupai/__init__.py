"""chupai: rules engine, bots and tools for the Chinese climbing card games."""

__version__ = "0.1.0"
