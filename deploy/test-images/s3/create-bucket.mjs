// `mc mb --ignore-existing` for the stand-in: creates the bucket named on the command line.
const [endpoint, bucket] = process.argv.slice(2);
if (!endpoint || !bucket) throw new Error('usage: create-bucket.mjs <endpoint> <bucket>');
const response = await fetch(new URL(`/${encodeURIComponent(bucket)}`, endpoint), { method: 'PUT' });
const body = await response.text();
if (!response.ok && !body.includes('BucketAlreadyOwnedByYou') && !body.includes('BucketAlreadyExists')) {
  console.error(`Could not create bucket ${bucket}: ${response.status} ${body}`);
  process.exit(1);
}
console.log(`Bucket ${bucket} is ready.`);
