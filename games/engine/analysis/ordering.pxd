# Cython's augmenting declarations for ordering.py, shortcuts.py and solver.py
# (make analysis-fast, build_fast.py); plain Python never reads them. The solver's state becomes a C struct,
# its methods C calls, and the small numbers C integers (64 bits): seats, suits, points,
# window bounds, card indexes. Masks of cards and table keys (more than 64
# bits) stay Python ints, so every bit operation is Python's: the same values, bit for bit
# (tests/engine/analysis/test_accelerated.py). A card index ``c`` stays a Python int
# wherever the .py writes ``1 << c``: C computes a literal's shift in 32 bits (a 40-card
# deck's bit 39 would overflow), which the compiled==pure test caught.
cimport cython

ctypedef long long i64

cdef class Ordering:
    cdef public object spec, deadline, tt, h, points, counted, order, active, suit_mask
    cdef public object above, beat, shift, trump_mask, trump_points, blocks, block_cards
    cdef public object adjacent, lead_order, open_cantes, open_pairs, singers, up_singers
    cdef public object down_singers, rich, poor, beats, bit, lead_moves, follow_moves, touched
    cdef public object cante_cards, cantes_open, killers, later, cante_values, all_singers
    cdef public object opponents, suits, partners_later, open_cards, alone, near
    cdef public bint use_tt, merge, ordering, bounds, c7, capot, tricks, sings, climb
    cdef public i64 node_limit, nodes, tt_probes, tt_hits, hint, lead_best, r, trump, size
    cdef public i64 capot_bonus, last_bonus, bound, _bits, trump_shift, rem, reply_bits

    @cython.locals(s=i64)
    cpdef object _pack(self, object cards)

    @cython.locals(hint=i64, killer=i64, code=i64, s=i64, suit=i64, count=i64,
                   first=i64, r=i64)
    cpdef list _moves(self, i64 seat, object legal, i64 n, i64 winner, i64 top, i64 lead)

    @cython.locals(own=bint, last=bint, ahead=i64, nb=i64, prev=i64, c=i64, mine=bint,
                   high=i64, fixed=bint, s=i64, drop=i64)
    cpdef object _dominant(self, i64 seat, object legal, i64 n, i64 winner, i64 top,
                           object tmask, i64 sung)
