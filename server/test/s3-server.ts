import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks the signature, so the shop must sign as a real client would. */
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

/**
 * A real S3-compatible server (s3rver) on loopback with one empty bucket (and `otherBuckets`, empty too), and a
 * client of our own to look inside it. `env` is what an instance needs to keep its uploads there.
 */
export async function startS3Server(bucket = 'manukato-test', otherBuckets: string[] = []) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-test-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [bucket, ...otherBuckets].map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const env: Record<string, string> = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  let running = true;
  return {
    endpoint,
    bucket,
    env,
    /** The bucket's anonymous, path-style address (s3rver serves GETs without a signature). */
    bucketUrl: `${endpoint}/${bucket}`,
    async has(key: string): Promise<boolean> {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async bytes(key: string, inBucket = bucket): Promise<Buffer> {
      const object = await client.send(new GetObjectCommand({ Bucket: inBucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async remove(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close(): Promise<void> {
      if (!running) return;
      running = false;
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
