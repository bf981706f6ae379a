"""scripts/bots_ceiling.py, the peeking club's diagnostic: whose decisions peek
(``--peek-roles``) and what they see (``--peek``)."""

from __future__ import annotations

import random

from hcards_core.bots.filicau import BOT, secret_partner
from hcards_core.filicau import ALIASES


def secret_positions(deals: int = 12):
    """(state, seat to act) of Filkó 5 beginner play while the called partner is secret."""
    g = ALIASES["filko"]
    for seed in range(deals):
        session = g.new_session(5, g.parse_options({}), seed % 5, {})
        st = g.deal(session, g.random_cards(5, random.Random(900 + seed)), None, "deal")
        while not st.is_over:
            if st.phase == "play" and secret_partner(st):
                yield st, st.to_act
            st = st.apply(BOT.beginner(st, st.to_act)[0])


def test_partner_worlds_keep_the_seats_view_and_the_real_partner(script):
    """``--peek partner``: a defender's worlds are what it knows (the same knowledge as the
    real deal) with the called card where it really is; the other cards still vary, and the
    club's own worlds (no peek) put the called card elsewhere too."""
    ceiling = script("bots_ceiling")
    bot = ceiling.BestResponse(oracle=True, against="beginner", peek_roles="defender", peek="partner")
    checked = varied = elsewhere = 0
    for st, seat in secret_positions():
        bot._peeking = bot.peeks(st, seat)
        assert bot._peeking == (seat not in (st.old_man, st.partner))
        if not bot._peeking:
            continue
        for k in range(4):
            world = bot.sample_world(st, seat, random.Random(k))
            assert world.partner == st.partner and st.called in world.held[st.partner]
            assert BOT.knowledge(world, seat) == BOT.knowledge(st, seat)
            varied += world.held != st.held
            elsewhere += BOT.sample_world(st, seat, random.Random(k)).partner != st.partner
            checked += 1
    assert checked > 20 and varied > checked // 2 and elsewhere > 0


def test_defender_peek_sees_the_real_deal_only_as_a_defender(script):
    """``--peek-roles defender --peek all``: a defender's world is the real deal (two of them);
    the öreg and the partner keep the club's sampled worlds and their number."""
    ceiling = script("bots_ceiling")
    bot = ceiling.BestResponse(oracle=True, against="beginner", peek_roles="defender", peek="all")
    roles = set()
    for st, seat in secret_positions(6):
        bot._peeking = bot.peeks(st, seat)
        roles.add(bot._peeking)
        worlds = [bot.sample_world(st, seat, random.Random(k)) for k in range(4)]
        if bot._peeking:
            assert all(w.held == st.held for w in worlds) and bot.worlds_for("club", None, 3) == 2
        else:
            assert any(w.held != st.held for w in worlds) and bot.worlds_for("club", None, 3) > 2
    assert roles == {True, False}


def test_against_club_only_the_expert_seats_peek(script):
    """``--against club``: the tier ``expert`` is the peeking club (the real deal, two worlds),
    the tier ``club`` the ordinary club, choice and explanation alike (its worlds sampled,
    its margins its own), so the match measures the peek against the tier as it ships."""
    ceiling = script("bots_ceiling")
    bot = ceiling.Versus(ceiling.BestResponse(oracle=True, against="club"), ceiling.FilicauBot())
    checked = 0
    choices = [(st, seat) for st, seat in secret_positions(8) if len(st.legal_actions()) > 1]  # not forced
    for st, seat in choices[::len(choices) // 4]:
        (action, why), (plain, plain_why) = (b.choose(st, seat, "club", random.Random(5))
                                             for b in (bot, BOT))
        del why["elapsed_ms"], plain_why["elapsed_ms"]
        assert (action, why) == (plain, plain_why) and why["worlds"] > 2
        action, why = bot.choose(st, seat, "expert", random.Random(5))
        assert why["tier"] == "club" and why["worlds"] == 2 and action in st.legal_actions()
        checked += 1
    assert checked >= 4
    assert bot.unit == BOT.unit and bot.match_score.__func__ is BOT.match_score.__func__
