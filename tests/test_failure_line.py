"""The one line a failed build prints names the blocking check and its first problem: a failed blocking check
also fails its Dagster step, and that step's own message names no problem."""

import dagster as dg

from pipeline.assets.commands import failure_line


@dg.asset(check_specs=[dg.AssetCheckSpec("golds", asset="split", blocking=True)])
def split():
    yield dg.Output(1)
    yield dg.AssetCheckResult(check_name="golds", passed=False, severity=dg.AssetCheckSeverity.ERROR,
                              metadata={"problems": ["family a.b: most common gold is 16.5% of its golds", "other"]})


@dg.asset(deps=[split])
def after_split():
    return 2


@dg.asset
def broken():
    raise ValueError("binding query failed: no such table")


def test_a_failed_blocking_check_is_named_with_its_first_problem():
    result = dg.materialize([split, after_split], raise_on_error=False)
    assert not result.success
    line = failure_line(result)
    assert "blocking check(s) failed: golds: family a.b: most common gold is 16.5% of its golds" in line
    assert "\n" not in line


def test_a_failed_step_is_named_with_its_error():
    result = dg.materialize([broken], raise_on_error=False)
    line = failure_line(result)
    assert line.startswith("robustgym build: error: step broken failed:")
    assert "binding query failed: no such table" in line
