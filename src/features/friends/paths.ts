/** The friends page, whose loader and action answer the feed, kudos and comments wherever they are shown. */
export const FRIENDS_PATH = '/friends-ranking';

export const socialHref = (activityId: string) =>
  `${FRIENDS_PATH}?${new URLSearchParams({ social: activityId }).toString()}`;

export const feedMoreHref = (before: string) =>
  `${FRIENDS_PATH}?${new URLSearchParams({ feedBefore: before }).toString()}`;
