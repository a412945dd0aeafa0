/**
 * The limits of what a request may send, written once. The class-validator DTOs (dto/) and
 * the query parsing (query.ts, the bulk route) enforce them; the OpenAPI document
 * (openapi/) states them. test/unit/openapi/requestSchemasMatchDtos.test.ts fails when a DTO
 * and its schema disagree. The value sets (intents, roles, scopes, review decisions) are the
 * domain's own arrays, imported by both sides where they are used.
 */

/** Ids the client chooses or refers to: media, groups, connections, its own references. */
export const ID_MAX = 200;
/** A segment's text before the platform's own limit applies (docs/posts.md, "Text limits"). */
export const TEXT_MAX = 100_000;
export const ALT_TEXT_MAX = 5_000;
export const REVIEW_COMMENT_MAX = 5_000;

export const MEDIA_PER_SEGMENT_MAX = 50;
export const SEGMENTS_PER_GROUP_MAX = 100;
export const GROUPS_PER_POST_MAX = 20;
export const TARGETS_PER_POST_MAX = 50;

/** Items of one posts.bulkCreate request. */
export const BULK_ITEMS_MIN = 1;
export const BULK_ITEMS_MAX = 100;

export const API_KEY_NAME_MIN = 1;
export const API_KEY_NAME_MAX = 100;

/** `limit` and `offset` of every listing. */
export const PAGE_LIMIT_MIN = 1;
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_OFFSET_DEFAULT = 0;

/** A product id or workspace id in a checkout's body. */
export const CHECKOUT_ID_MAX = 100;

/** An IANA time zone's name (the longest is 32 characters today). */
export const TIME_ZONE_MAX = 64;
