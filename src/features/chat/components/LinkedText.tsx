import { splitLinks } from '../linkify';

/** A message's text as text (never HTML), with its http(s) addresses as links that open apart. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} rel="noopener noreferrer nofollow" target="_blank">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
