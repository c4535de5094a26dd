import { useEffect, useState } from 'react';
import { errorSentence } from '@/lib/errors';
import { postMessage } from './api';
import { Outbox } from './outbox';

/** The page's outbox: kept while the chat page is open (across rooms), sending whenever online. */
export function useOutbox(online: boolean): Outbox {
  const [outbox] = useState(
    () =>
      new Outbox({
        post: postMessage,
        isOnline: () => navigator.onLine,
        describeError: errorSentence,
      }),
  );
  useEffect(() => {
    outbox.start();
    return () => outbox.stop();
  }, [outbox]);
  useEffect(() => {
    if (online) outbox.resume();
  }, [online, outbox]);
  return outbox;
}
