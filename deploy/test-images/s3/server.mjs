// An S3-compatible server on port 9000 that accepts MinIO's root credentials, objects in /data.
import S3rver from 's3rver';
import account from 's3rver/lib/models/account.js';

const user = process.env.MINIO_ROOT_USER || 'minioadmin';
const password = process.env.MINIO_ROOT_PASSWORD || 'minioadmin';
account.DUMMY_ACCOUNT.createKeyPair(user, password);

// Path-style requests only, as MinIO's default: the host name `minio` is not a bucket.
const server = new S3rver({
  address: '0.0.0.0',
  port: 9000,
  directory: '/data',
  silent: true,
  vhostBuckets: false,
});
await server.run();
console.log('S3-compatible server listening on port 9000');
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close().then(() => process.exit(0));
  });
}
