# Cython's augmenting declarations for shortcuts.py: see ordering.pxd.
cimport cython

from .ordering cimport Ordering, i64

cdef class Shortcuts(Ordering):
    @cython.locals(s=i64, up=i64, down=i64, value=i64, quick=i64, quick_tricks=i64,
                   all_tricks=bint, ours=bint, k=i64, most=i64, high=i64, low=i64,
                   sure_cante=i64, suit=i64, cante=i64,
                   loser_seat=i64, gets=i64, c=i64)
    cpdef tuple _bounds(self, i64 leader, i64 sung, i64 won)

    @cython.locals(s=i64, most=i64)
    cpdef object _sweeps(self, i64 seat, i64 leader, object sure)

    @cython.locals(best=i64, r=i64, suit=i64, c=i64)
    cpdef i64 _richest(self, object hand, i64 k)

    @cython.locals(trump=i64, r=i64, side=bint, s=i64, pts=i64, tricks=i64, suit=i64,
                   k=i64, n=i64, shift=i64)
    cpdef tuple _quick(self, i64 leader)

    @cython.locals(r=i64, trump=i64, high=i64, lead=i64, high_trump=i64, winner=i64, pts=i64,
                   seat=i64, c=i64, suit=i64, mine=bint)
    cpdef i64 _last_trick(self, i64 leader, i64 won)

    @cython.locals(mine=bint)
    cpdef i64 _end(self, i64 winner, i64 pts, i64 won)
