"""Discord's numeric kinds the stand-in speaks: component, option and command types, flags.

Values from Discord's developer documentation (Component Reference, Application Commands,
Message Resource → Message Flags).
"""

from __future__ import annotations

SUBCOMMAND = 1
SUBCOMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR = 9, 10, 11, 12, 13, 14
CONTAINER, LABEL = 17, 18
SELECTS = frozenset({STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT})
LINK_STYLE, PREMIUM_STYLE = 5, 6

SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15

# What Discord's client lets a player type into a string option, and the largest integer
# option (Application Commands → Application Command Option Structure).
STRING_OPTION_LENGTH = 6000
MAX_SAFE_INTEGER = 2**53
