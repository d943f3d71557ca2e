"""Infrastructure: page work in a budgeted worker process (time, memory, a kill)."""
