// A local S3-compatible server (s3rver, from npm) for the S3 image store's tests, the way
// the Resend client is tested against a stand-in: our own client code, a real HTTP peer.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";

export async function startS3rver(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    /** The credentials s3rver accepts. */
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
