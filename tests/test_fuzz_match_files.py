"""Fuzzing the readers of match files and saves: 2,000 generated hostile files, each through ``matchfile.loads``,
the save loader and the command line. Every type break is refused naming its field; files that mean the same
load equal; nothing but MatchFileError is ever raised. (bench/fuzz.py runs as many more as asked.)"""

from collections import Counter

from hypothesis import HealthCheck, given, settings

from tests.fuzz_matchfiles import cases, check

EXAMPLES = 2000


def test_two_thousand_hostile_match_files_are_refused_in_words_or_loaded_equal():
    seen: Counter = Counter()

    @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(cases())
    def one_file(case):
        seen[case.kind, check(case)] += 1

    one_file()
    total = sum(seen.values())
    kinds = {kind for kind, _ in seen}
    print(f"\nfuzz: {total} files: " + ", ".join(f"{k} {o} {n}" for (k, o), n in sorted(seen.items())))
    assert total >= EXAMPLES
    assert kinds == {"type", "value", "delete", "deep", "huge", "truncate", "duplicate", "garbage", "same"}
    assert seen["same", "loaded"] > 100 and seen["type", "refused"] > 300
