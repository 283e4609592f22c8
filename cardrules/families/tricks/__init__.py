"""The tricks family's layer above the compiler and the runtime."""
