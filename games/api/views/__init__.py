"""The games REST API: thin views over ``games.services`` and the engine
(``games.api.views``: the site's URLs and the tests import from here; the modules of this
package are its parts).

Parts: ``clubs`` (clubs, their players and device tokens, and ``me``), ``matches`` (the
match views: read, create, events, undo, export, import) and ``bodies`` (the request
bodies and examples the schema documents for them).
"""

from .bodies import REOPEN, UNDO_BODY
from .clubs import ClubViewSet, me
from .matches import MatchViewSet, refuse_unless_recordable

__all__ = ["REOPEN", "UNDO_BODY", "ClubViewSet", "MatchViewSet", "me", "refuse_unless_recordable"]
