from tutor.cli import main


def test_score_prints_an_explanation(capsys):
    assert main(["score", "[EEE] 123m 456p 789s 55s", "--win", "5s", "--why-not", "68"]) == 0
    out = capsys.readouterr().out
    assert "Mixed Straight" in out and "Total: 13 points" in out
    assert "All Simples needs no terminals or honors" in out
    assert "discarder pays 21" in out


def test_score_json(capsys):
    assert main(["score", "{2222m} {5555p} 789s 456s 99m", "--win", "9m", "--rules", "china1998", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"rules": "china1998"' in out


def test_bad_hand_is_a_message_not_a_traceback(capsys):
    assert main(["score", "123z 456p", "--win", "5s"]) == 2
    err = capsys.readouterr().err
    assert "riichi" in err and "Traceback" not in err


def test_build_passes_its_own_options_to_the_site_builder(tmp_path):
    # --draft and --out belong to the builder; argparse must not swallow them.
    assert main(["build", "--draft", "--out", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "index.html").is_file()
