import { type Agent, type AppBskyFeedPost, AtUri } from '@atproto/api';

export type ReplyRefs = AppBskyFeedPost.ReplyRef;

/**
 * The strong references a reply needs, from the post it answers (its AT URI is the segment's
 * `replyToPlatformPostId`): com.atproto.repo.getRecord gives the parent's CID, and the root is
 * the parent's own root, or the parent when it starts the thread.
 */
export async function replyRefsFor(agent: Agent, parentUri: string): Promise<ReplyRefs> {
  const uri = new AtUri(parentUri);
  const { data } = await agent.com.atproto.repo.getRecord({ repo: uri.host, collection: uri.collection, rkey: uri.rkey });
  if (data.cid === undefined) throw new Error(`the PDS gave no CID for ${parentUri}`);
  const parent = { uri: data.uri, cid: data.cid };
  const root = (data.value as Partial<AppBskyFeedPost.Record>).reply?.root;
  return { root: root ? { uri: root.uri, cid: root.cid } : parent, parent };
}
