/** Session-list vocabulary shared by the server, the API contract and the browser (docs/api.md#authentication-cookies-and-xsrf). No zod here. */

/** The most sessions `GET /accounts/sessions` answers at once (a user rarely has more than a few live ones). */
export const SESSION_LIST_MAX = 50
