from tutor.practice.frequency import OUTSIDE_THE_MODEL, learning_path, load, measure, outside_the_model
from tutor.rules.fans import FAN_BY_ID


def test_measure_counts_declared_hands_only():
    data = measure(300, seed=5)
    assert data["hands"] == 300 and data["drawn"] >= 300
    shares = data["share"]
    assert set(shares) == {str(f) for f in FAN_BY_ID}
    assert all(0.0 <= v <= 1.0 for v in shares.values())
    assert shares["43"] < 1.0  # Chicken Hand cannot be in every hand


def test_measure_is_reproducible():
    assert measure(100, seed=9) == measure(100, seed=9)


def test_committed_data_covers_every_fan_and_orders_the_path():
    data = load()
    assert data["hands"] >= 20000
    path = learning_path()
    assert sorted(path) == sorted(FAN_BY_ID)
    ranked = [f for f in path if not outside_the_model(f)]
    shares = [data["share"][str(f)] for f in ranked]
    assert shares == sorted(shares, reverse=True)
    # The fans the model cannot deal come last, unranked, whatever share it measured for them.
    assert path[len(ranked):] == tuple(sorted(OUTSIDE_THE_MODEL, key=lambda f: path.index(f)))
    assert {FAN_BY_ID[f].slug for f in OUTSIDE_THE_MODEL} >= {"seven-pairs", "knitted-straight", "robbing-the-kong"}
    # Common chow fans come well before the 88-point limit hands.
    assert path.index(70) < path.index(1)
