# Cython's augmenting declarations for solver.py: see ordering.pxd.
cimport cython

from .ordering cimport i64
from .shortcuts cimport Shortcuts

cdef class Solver(Shortcuts):
    @cython.locals(low=i64, high=i64, s=i64, lo=i64, hi=i64, value=i64, suit=i64)
    cpdef i64 _start(self, i64 leader, i64 sung, i64 won, i64 alpha, i64 beta)

    @cython.locals(s=i64, b=i64, maximise=bint, best=i64, suit=i64, gain=i64, v=i64)
    cpdef i64 _after(self, i64 winner, i64 sung, i64 won, i64 alpha, i64 beta)

    @cython.locals(trump=i64, maximise=bint, r=i64, last_card=bint, nxt=i64, best=i64,
                   best_card=i64, suit=i64, nlead=i64, nhl=i64, nht=i64, nwin=i64,
                   v=i64, tp=i64, nwon=i64, delta=i64, tricks=bint,
                   cante=bint, s=i64, settled=bint, nb=i64, d=i64, w=i64, top=i64)
    cpdef i64 _play(self, i64 seat, i64 n, i64 lead, i64 hl, i64 ht, i64 winner, i64 pts,
                    object tmask, i64 sung, i64 won, i64 alpha, i64 beta)
