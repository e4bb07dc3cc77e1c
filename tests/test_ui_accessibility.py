"""What the page says to a screen reader, without a screen: spoken names of trains and tiles, and what pressing
a train says when it cannot take a tile (the browser side is e2e/test_accessibility.py)."""

from mexican_train.ui.controller import handle, start
from mexican_train.ui.viewmodel import view_model
from tests.helpers import settings


def test_a_train_says_whose_it_is_its_state_its_tiles_and_its_open_end():
    session = start(settings(("Ana", "human"), ("Bot", "random")))
    trains = {t["id"]: t for t in view_model(session)["trains"]}
    assert trains["1"]["label"] == "Bot's train. Private: only Bot plays here. Not started: starts with a 6"
    assert trains["M"]["label"].startswith("Mexican Train. Shared: anyone plays here.")
    first = next(t for t in view_model(session)["hand"]["tiles"] if t["playable"])
    chosen = handle(session, {"type": "tile", "tile": first["id"]})
    after = handle(chosen, {"type": "train", "train": first["targets"][0]})
    train = {t["id"]: t for t in view_model(after)["trains"]}[first["targets"][0]]
    assert ". 1 tile, ends at " in train["label"]


def test_pressing_a_train_with_no_tile_chosen_says_what_to_do_and_changes_nothing():
    session = start(settings(("Ana", "human"), ("Bot", "random")))
    after = handle(session, {"type": "train", "train": "M"})
    assert after.match == session.match and after.selected is None
    assert after.announce == ("Pick a tile from your hand first, then the train.",)
    assert handle(session, {"type": "train", "train": "7"}).announce == ()   # no such train: silence


def test_pressing_a_train_that_does_not_take_the_tile_says_so():
    session = start(settings(("Ana", "human"), ("Bot", "random")))
    first = next(t for t in view_model(session)["hand"]["tiles"] if t["playable"])
    chosen = handle(session, {"type": "tile", "tile": first["id"]})
    wrong = next(t["id"] for t in view_model(chosen)["trains"] if t["id"] not in first["targets"])
    after = handle(chosen, {"type": "train", "train": wrong})
    assert after.match == session.match and after.selected == chosen.selected
    assert after.announce == (f"{first['id']} cannot go on Bot's train.",)


def test_the_one_person_against_computers_is_addressed_as_you_whatever_their_name():
    for name in ("You", "Ana"):
        session = start(settings((name, "human"), ("Bot", "random")))
        assert "Round 1 of 1: engine 6-6. You start." in session.announce


def test_people_sharing_the_device_are_called_by_their_names_never_you():
    session = start(settings(("", "human"), ("Ben", "human")))
    assert [p.name for p in session.match.players] == ["Player 1", "Ben"]
    assert "Round 1 of 1: engine 6-6. Player 1 starts." in session.announce
    trains = {t["id"]: t["title"] for t in view_model(session)["trains"]}
    assert trains["0"] == "Player 1's train"
