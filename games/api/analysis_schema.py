"""The OpenAPI shape of a match's hand analysis (``GET /matches/{id}/analysis/``,
docs/analysis.md "On the site"): ANALYSIS.md's hand object as stored."""

from __future__ import annotations

from rest_framework import serializers


class CardAnalysisSerializer(serializers.Serializer):
    trick = serializers.IntegerField()
    position = serializers.IntegerField(help_text="1 for the card that led the trick")
    seat = serializers.IntegerField()
    card = serializers.CharField()
    value = serializers.IntegerField(help_text="The value with best play after this card")
    best = serializers.IntegerField(help_text="The best value any legal card reached")
    cost = serializers.IntegerField(help_text="What the card lost: |best − value|")
    best_cards = serializers.ListField(child=serializers.CharField())


class CountedPlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(help_text="The player's name")


class HandAnalysisSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The hand's number")
    analysed = serializers.BooleanField()
    reason = serializers.ChoiceField(
        ["no deal", "void", "incomplete", "penalty", "not solved", "pending"],
        required=False,
        help_text="Why not analysed; no deal, void and penalty are said at once, whatever "
        "the game and whether a worker ran; pending: not yet computed for the hand as it "
        "stands (see waits_for)",
    )
    waits_for = serializers.ChoiceField(
        ["worker", "analyse_hands"],
        required=False,
        help_text="A pending hand: who makes its analysis — a worker (the write path sent "
        "it) or `manage.py analyse_hands` (this site's write path does not analyse the "
        "game, ANALYSIS_ON_WRITE)",
    )
    budget = serializers.FloatField(
        required=False, allow_null=True, help_text="CPU seconds searched before not solved"
    )
    side = serializers.JSONField(
        required=False, help_text="The counted side (ANALYSIS.md): the game's unit"
    )
    side_players = CountedPlayerSerializer(
        many=True,
        required=False,
        help_text="The counted side's players, by seat: the unit's seats that played a "
        "card (a declarer's partner sitting out is not counted)",
    )
    value = serializers.ChoiceField(["margin", "tricks"], required=False)
    par = serializers.IntegerField(required=False, help_text="The value with best play")
    actual = serializers.IntegerField(required=False, help_text="The value the play reached")
    plays = CardAnalysisSerializer(many=True, required=False)


class MatchAnalysisSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    hands = HandAnalysisSerializer(many=True, help_text="Every finished hand, in order")
