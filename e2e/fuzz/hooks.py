"""Schemathesis hooks for the fuzz run of e2e/fuzz.test.ts.

The fuzzer finds the caller's own user ID (GET /api/v1/users/me/ feeds PATCH /api/v1/users/{id}/)
and, as a Super Admin, would sooner or later deactivate itself or drop its own Super Admin flag:
every later request would then be a 401/403 and the run would test nothing. So a PATCH of the
caller's own user record is sent to a decoy user instead (another real user, made for this).
Nothing else is changed.
"""

import os

import schemathesis

SELF_ID = os.environ.get("PLINTH_FUZZ_SELF_ID", "")
DECOY_ID = os.environ.get("PLINTH_FUZZ_DECOY_ID", "")


@schemathesis.hook
def before_call(context, case, kwargs):
    if (
        SELF_ID
        and DECOY_ID
        and case.method.upper() == "PATCH"
        and case.operation.path == "/api/v1/users/{id}/"
        and (case.path_parameters or {}).get("id") == SELF_ID
    ):
        case.path_parameters["id"] = DECOY_ID
