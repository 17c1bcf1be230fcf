"""The graders: TestDict (SPEC §5) and TestPlay (SPEC §6) with their case files.

They may import any package of the project; nothing imports them.
"""
