/**
 * How this connector names what it publishes: a video by YouTube's video id; a comment as
 * `{videoId}/{commentThreadId}`, which names the video it is on (video ids never hold a `/`).
 */
export const commentPostId = (videoId: string, threadId: string): string => `${videoId}/${threadId}`;

/** The video a later segment comments on, from the id of the segment before it (the video, or a comment on it). */
export const videoIdOf = (previousId: string): string => previousId.split('/')[0];

export const videoUrl = (videoId: string): string => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

export const commentUrl = (videoId: string, threadId: string): string => `${videoUrl(videoId)}&lc=${encodeURIComponent(threadId)}`;
