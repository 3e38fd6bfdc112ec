import { createHmac, randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hmacSigner } from '../../runtime/webhooks/hmac';

// Verification signs with Node's createHmac where it can and with WebCrypto on Edge: both must give the HMAC-SHA256
// every sender computes, for any secret and content.
test('hmacSigner: Node and WebCrypto give the same HMAC-SHA256 as createHmac, for 50 random secrets and bodies', async () => {
  for (let i = 0; i < 50; i++) {
    const secret = randomBytes(1 + (i % 64));
    const content = randomBytes(i * 37);
    const expected = createHmac('sha256', secret).update(content).digest();
    const node = hmacSigner(secret);
    const web = hmacSigner(secret, null);
    const fromNode = node(content);
    assert.not.ok(fromNode instanceof Promise, 'Node signs synchronously');
    assert.equal(Buffer.from(await fromNode), expected);
    assert.equal(Buffer.from(await web(content)), expected);
  }
});

test.run();
