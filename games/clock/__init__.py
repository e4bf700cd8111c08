"""The clock: deadlines and banks (clocks), the running turn (turns), the sweep that times
out due seats (sweep, sweep_ends, bulk_writes), the seat actions and their effect on results
(forfeits, standings), vacations and the staff's clock actions (vacation, staff)."""
