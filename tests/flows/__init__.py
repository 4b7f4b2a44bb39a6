"""Netflix-like flow variants written from public facts, not from our simulator.

``site`` serves them, ``dev`` and ``held`` hold them (``held`` is kept aside: do not tune the
policy against it), ``score`` runs the offline policy over them and prints a table.
"""
