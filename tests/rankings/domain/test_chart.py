"""A player's seasons drawn on the server: PCN up, rank 1 at the top."""

from apps.rankings.domain.chart import HEIGHT, season_chart


def test_no_season_no_chart():
    assert season_chart([]) is None


def test_points_rise_with_pcn_and_with_a_better_rank():
    chart = season_chart(
        [("2024-2025", 500, 800), ("2025-2026", 1500, 200), ("2026-2027", 1000, 1)]
    )
    pcn_y = [p.y for p in chart.pcn]
    rank_y = [p.y for p in chart.rank]
    assert pcn_y[1] == chart.top  # the best PCN at the top of the scale
    assert pcn_y[1] < pcn_y[2] < pcn_y[0] < chart.base
    assert rank_y[2] == chart.top and rank_y[0] == chart.base  # 1st at the top, 800th at the bottom
    assert [p.label for p in chart.rank] == ["800ᵉ", "200ᵉ", "1ᵉʳ"]
    assert [name for _x, name in chart.seasons] == ["2024-2025", "2025-2026", "2026-2027"]
    xs = [x for x, _name in chart.seasons]
    assert xs == sorted(xs) and xs[0] == chart.left and xs[-1] == chart.right_axis
    assert chart.pcn_line.count(",") == 3


def test_one_season_sits_in_the_middle():
    chart = season_chart([("2026-2027", 0, 1)])
    assert chart.pcn[0].y == HEIGHT - 32  # no PCN: at the base, no division by zero
    assert chart.seasons[0][0] == (chart.left + chart.right_axis) / 2
