"""The raid chance in d20 points (SP-1.2, SP-1.3, SP-1.7, SP-3.3, SP-I1–SP-I3, SP-I28, SP-I36)
and the weighted target draw (SP-1.4, SP-1.8, SP-I4)."""

from __future__ import annotations

import math

from pydantic import BaseModel

from bot.dice import Dice
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.models import TradeRoute
from bot.rules.space_pirates.settings import SpacePiratesSettings

ROLL_CHANCE = "space_pirates.roll.raid_chance"
ROLL_TARGET = "space_pirates.roll.target_route"


class RaidPoints(BaseModel):
    """What makes up a player's raid points (SP-I1, SP-I28, SP-I36)."""

    routes: int
    base: int
    extra_routes: int
    streak: int
    privateers: int
    policed_routes: list[int]
    police_reduction: int
    total: int
    die_faces: int

    @property
    def automatic(self) -> bool:
        """20 points or more: the attack happens without a roll (SP-I1)."""
        return self.total >= self.die_faces

    def params(self) -> dict[str, int]:
        """The parts as a message's parameters (`report.points`, `status.chance`)."""
        return {
            "base": self.base,
            "extra": self.extra_routes,
            "streak": self.streak,
            "privateers": self.privateers,
            "police": self.police_reduction,
            "total": self.total,
            "faces": self.die_faces,
        }


def routes_in_roll(
    state: SpacePiratesState, faction: str, settings: SpacePiratesSettings
) -> list[TradeRoute]:
    """The routes in a player's own roll, in registration order (SP-I5)."""
    routes = state.routes_of(faction)
    if settings.shared_route_rolled_by == "primary_owner":
        routes = [r for r in routes if r.primary_owner == faction]
    return routes


def is_rich(income: int, settings: SpacePiratesSettings) -> bool:
    """Income above the threshold, or at it with `rich_route_inclusive` (SP-I2)."""
    if settings.rich_route_inclusive:
        return income >= settings.rich_route_threshold
    return income > settings.rich_route_threshold


def richest_route(routes: list[TradeRoute]) -> TradeRoute | None:
    """The route with the highest combined income, the first registered on a tie (SP-I3)."""
    best: TradeRoute | None = None
    for route in routes:
        if best is None or route.combined_income > best.combined_income:
            best = route
    return best


def is_policed(route: TradeRoute, faction: str, settings: SpacePiratesSettings) -> bool:
    """Enough police-module ships: at least max(1, ⌈income/500⌉) (SP-5.1, SP-I28)."""
    income = route.combined_income
    if settings.police_income_basis == "own_share":
        income = income * route.share_of(faction) // 100
    needed = max(1, math.ceil(income / settings.police_income_per_ship))
    return sum(1 for s in route.ships if s.role == "police") >= needed


def raid_points(
    state: SpacePiratesState,
    faction: str,
    settings: SpacePiratesSettings,
    turn: int,
    routes: list[TradeRoute] | None = None,
) -> RaidPoints:
    """Points = base + (routes − 1) + streak (+ privateers) − police, at least 1 after the
    police reduction (SP-I1, SP-I3, SP-I28, SP-I36); `routes` are the player's routes in
    their roll when the caller has them already."""
    if routes is None:
        routes = routes_in_roll(state, faction, settings)
    record = state.player(faction)
    richest = richest_route(routes)
    rich = richest is not None and is_rich(richest.combined_income, settings)
    base = 0 if not routes else settings.base_points_rich if rich else settings.base_points_poor
    extra = sum(
        1
        for r in routes
        if r is not richest and r.combined_income >= settings.extra_route_min_income
    )
    extra_points = extra * settings.points_per_extra_route
    streak_points = record.streak * settings.points_per_streak
    groups = [g for g in state.privateers if g.target == faction and g.active_in(turn)]
    privateer_points = len(groups) * settings.privateer_raid_points
    before = base + extra_points + streak_points + privateer_points
    policed = [r.id for r in routes if is_policed(r, faction, settings)]
    reduction = len(policed) * settings.police_points_per_route
    total = max(settings.police_min_points, before - reduction) if reduction else before
    return RaidPoints(
        routes=len(routes),
        base=base,
        extra_routes=extra_points,
        streak=streak_points,
        privateers=privateer_points,
        policed_routes=policed,
        police_reduction=reduction,
        total=total if routes else 0,
        die_faces=settings.raid_die_faces,
    )


def route_weight(route: TradeRoute, settings: SpacePiratesSettings) -> int:
    """2 for a rich route, 1 for any other (SP-1.4, SP-I2, SP-I4)."""
    if is_rich(route.combined_income, settings):
        return settings.target_weight_rich
    return settings.target_weight_poor


class TargetDraw(BaseModel):
    """The dW draw over the routes in registration order (SP-I4)."""

    routes: list[int]
    weights: list[int]
    die_faces: int
    face: int | None
    target: int


def draw_target(routes: list[TradeRoute], settings: SpacePiratesSettings, dice: Dice) -> TargetDraw:
    """Roll 1dW, each route owning `weight` consecutive faces; no roll for one route (SP-I4)."""
    weights = [route_weight(r, settings) for r in routes]
    total = sum(weights)
    if len(routes) == 1:
        return TargetDraw(
            routes=[routes[0].id], weights=weights, die_faces=total, face=None, target=routes[0].id
        )
    face = dice.roll_one(total, ROLL_TARGET, clause="SP-I4")
    upper = 0
    target = routes[-1].id
    for route, weight in zip(routes, weights, strict=True):
        upper += weight
        if face <= upper:
            target = route.id
            break
    return TargetDraw(
        routes=[r.id for r in routes], weights=weights, die_faces=total, face=face, target=target
    )
