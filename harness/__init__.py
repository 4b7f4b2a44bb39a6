"""The SubTerminator harness: pytest plugin, local sites, replay browser and AI doubles."""
