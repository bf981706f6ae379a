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
