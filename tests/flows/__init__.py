"""Netflix-like flow variants written from public facts, not from our simulator (issue 8 item 4).

``site`` serves them, ``dev`` and ``held`` hold them (``held`` is kept aside: do not tune the
policy against it), ``score`` runs the offline policy over them and prints a table.
"""
