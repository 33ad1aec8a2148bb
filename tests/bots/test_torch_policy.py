"""The torch adapter (:class:`chupai.bots.torch_policy.TorchPolicy`): a module
scoring the environment's action ids plays the legal action with the best score,
draws by the softmax with ``sample``, pickles, plays a tournament, and refuses a
module of the wrong output size or a bare module given as an agent."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("numpy")

from chupai.bots.agents import build_agent  # noqa: E402
from chupai.bots.torch_policy import TorchPolicy  # noqa: E402
from chupai.env.spaces import ActionSpace  # noqa: E402
from chupai.errors import ChupaiError  # noqa: E402
from chupai.protocol import get_game  # noqa: E402
from chupai.tournament import Tournament, run_tournament, summarize  # noqa: E402


class LowestId(torch.nn.Module):  # type: ignore[misc]
    """Scores id ``i`` as ``-i``: the legal action of the lowest id wins."""

    def __init__(self, n: int, extra: int = 0):
        super().__init__()
        self.n = n + extra

    def forward(self, x: Any) -> Any:
        return -torch.arange(self.n, dtype=torch.float32).expand(x.shape[0], self.n)


@pytest.mark.parametrize(("game", "preset"), [("doudizhu", None), ("bigtwo", None), ("biga", None)])
def test_the_best_scored_legal_action_is_played(game: str, preset: str | None) -> None:
    spec = get_game(game)
    rules = spec.resolve(preset)
    space = ActionSpace.for_rules(game, rules)
    bot = TorchPolicy(LowestId(space.n), game, rules)
    again = pickle.loads(pickle.dumps(bot))
    deal = spec.new_deal(rules, 5)
    for _ in range(12):
        seat = deal.current_player
        if seat is None:
            break
        legal = deal.legal_actions()
        ids = list(space.indices(legal))
        action = bot.act(deal.observe(seat), legal)
        assert action == legal[ids.index(min(ids))]
        assert again.act(deal.observe(seat), legal) == action
        deal.apply_action(action)


def test_sampling_is_seeded_and_a_tournament_plays_the_adapter() -> None:
    rules = get_game("doudizhu").resolve("classic")
    n = ActionSpace.for_rules("doudizhu", rules).n
    bot = TorchPolicy(LowestId(n), "doudizhu", "classic", sample=True, seed=4)
    t = Tournament("doudizhu", rules, (bot, "random"), 2)
    report = summarize(t, run_tournament(t).boards)
    assert [r["bot"] for r in report["results"]] == ["torch", "random"]
    deal = get_game("doudizhu").new_deal(rules, 1)
    legal = deal.legal_actions()
    picks = {
        TorchPolicy(LowestId(n), "doudizhu", sample=True, seed=s).act(
            deal.observe(deal.current_player), legal
        )
        for s in range(12)
    }
    assert len(picks) > 1  # the softmax draws, not only the best


def test_wrong_sizes_and_bare_modules_are_refused() -> None:
    n = ActionSpace.for_rules("biga", None).n
    bot = TorchPolicy(LowestId(n, extra=1), "biga")
    deal = get_game("biga").new_deal(get_game("biga").resolve(None), 2)
    with pytest.raises(ChupaiError, match=f"gave {n + 1} scores; the biga action space has {n}"):
        bot.scores(deal.observe(deal.current_player))
    with pytest.raises(ChupaiError, match="is a torch module, not an agent: wrap it in"):
        build_agent(LowestId(n), 1, "biga")
