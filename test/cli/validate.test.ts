/**
 * `flowspec validate`, in process: payload files of each kind, every issue at the place it is
 * written, the `--as` forms, the exit codes and the JSON output.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/paths.js";
import { readBoundedStream } from "../../generator/src/payload/read-input.js";
import { runCli } from "../support/run-cli.js";

let dir: string;

function file(name: string, text: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** `flowspec validate …` in process, from the repository root (its spec and packages). */
function run(argv: readonly string[], stdin = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(["validate", ...argv], REPO_ROOT, stdin);
}

const FLOW_JSON = `{
  "name": "Onboarding",
  "actions": [
    {
      "id": "tax",
      "type": "STRIPE",
      "action": "ADD_TAX_ID",
      "params": { "connection_id": "ac_123", "customer_id": "cus_1", "type": "eu_vat", "value": "DE123" }
    }
  ]
}
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "flowspec-validate-"));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("flowspec validate", () => {
  it("accepts a valid JSON body and says so", async () => {
    const result = await run([file("good.json", FLOW_JSON), "--as", "post_flows"]);
    expect(result).toEqual({ code: 0, stdout: `${join(dir, "good.json")}: valid\n1 file(s): 1 valid, 0 invalid\n`, stderr: "" });
  });

  it("prints each issue at the key of an unknown property and at the object missing a property", async () => {
    // An unrelated name, so the validator reports two issues rather than one "did you mean".
    const path = file("typo.json", FLOW_JSON.replace('"connection_id"', '"vault"'));
    const { code, stdout: out } = await run([path, "--as", "CreateFlowRequestContent", "--all-errors"]);
    expect(code).toBe(1);
    expect(out).toContain(`${path}:8:17 required `); // the params object, where connection_id belongs
    expect(out).toContain(`${path}:8:19 unknown_property `); // the unknown key itself
  });

  it("reads YAML with positions, and a form body with the field that set the value", async () => {
    const yaml = file("flow.yaml", "name: Onboarding\nactions:\n  - id: tax\n    type: STRIPE\n    action: ADD_TAX_ID\n    params:\n      connection_id: ac_123\n      customer_id: 12\n      type: eu_vat\n      value: DE123\n");
    const form = file("flow.form", "name=Onboarding&actions[0][id]=noop&actions[0][type]=FLOW&actions[0][action]=DO_NOTHING&actions[0][params][extra]=1\n");
    const { code, stdout: out } = await run([yaml, form, "--as", "post_flows"]);
    expect(code).toBe(1);
    expect(out).toContain(`${yaml}:8:20 invalid_type /actions/0/params/customer_id must be a string`);
    expect(out).toContain(`${form}:1:89 unknown_property `);
    expect(out).toMatch(/2 file\(s\): 0 valid, 2 invalid\n$/);
  });

  it("decodes a token request form as the token endpoint does, a union member as its union", async () => {
    const assertion = JSON.stringify({ id: "c", rawId: "c", type: "public-key", response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } });
    const body = new URLSearchParams({ grant_type: "urn:okta:params:oauth:grant-type:webauthn", client_id: "a", auth_session: "s", authn_response: assertion }).toString();
    const form = file("passkey.form", body);
    for (const as of ["post_oauth_token", "WebAuthnTokenRequest"]) expect((await run([form, "--as", as])).stdout, as).toContain(`${form}: valid`);
    expect((await run([file("cc.form", "grant_type=client_credentials&client_id=a&client_secret=s"), "--as", "ClientCredentialsTokenRequest"])).code).toBe(0);
  });

  it("reads standard input as JSON, or as what --content-type says", async () => {
    expect((await run(["-", "--as", "post_flows"], FLOW_JSON)).stdout).toContain("<stdin>: valid");
    const form = await run(["-", "--as", "post_flows", "--content-type", "application/x-www-form-urlencoded; charset=utf-8"], "name=x&actions[0][id]=a&actions[0][type]=FLOW&actions[0][action]=DO_NOTHING");
    expect(form.code).toBe(0);
  });

  it("prints every issue by default, each with its JSON Pointer; --first-error prints one", async () => {
    const path = file("two-issues.json", '{"name":"","actions":[{"id":"a","type":"FLOW","action":"DO_NOTHING","extra":1}]}');
    const every = await run([path, "--as", "post_flows"]);
    expect(every.code).toBe(1);
    expect(every.stdout).toBe(
      `${path}:1:9 too_short /name must have at least 1 character\n${path}:1:69 unknown_property /actions/0/extra property "extra" is not allowed here\n1 file(s): 0 valid, 1 invalid\n`,
    );
    const first = await run([path, "--as", "post_flows", "--first-error"]);
    expect(first.stdout).toBe(`${path}:1:9 too_short /name must have at least 1 character\n1 file(s): 0 valid, 1 invalid\n`);
    expect((await run([path, "--as", "post_flows", "--first-error", "--all-errors"])).code).toBe(2);
  });

  it("reads YAML from standard input when it does not start like JSON", async () => {
    const yaml = await run(["-", "--as", "post_flows"], "name: Onboarding\nactions:\n  - id: n\n    type: FLOW\n    action: DO_NOTHING\n    extra: 1\n");
    expect(yaml.code).toBe(1);
    expect(yaml.stdout).toContain("<stdin>:6:5 unknown_property /actions/0/extra ");
  });

  it("takes a folder (every payload file below it) and a quoted glob", async () => {
    const folder = join(dir, "payloads");
    mkdirSync(join(folder, "nested"), { recursive: true });
    writeFileSync(join(folder, "a.json"), '{"name":"a"}');
    writeFileSync(join(folder, "nested", "b.yaml"), "name: ''\n");
    writeFileSync(join(folder, "notes.txt"), "not a payload");
    const all = await run([folder, "--as", "post_flows"]);
    expect(all.stdout).toBe(`${folder}/a.json: valid\n${folder}/nested/b.yaml:1:7 too_short /name must have at least 1 character\n2 file(s): 1 valid, 1 invalid\n`);
    const glob = await run([`${folder}/**/*.yaml`, "--as", "post_flows"]);
    expect(glob.stdout).toMatch(/^.*nested\/b\.yaml:1:7 too_short .*\n1 file\(s\): 0 valid, 1 invalid\n$/);
    const none = await run([`${folder}/*.form`, "--as", "post_flows"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`${folder}/*.form matches no file`);
  });

  it("holds a TYPE:ACTION key or a union member to its constants", async () => {
    const action = file("action.json", '{"id":"n","type":"FLOW","action":"DO_NOTHING"}');
    expect((await run([action, "--as", "FLOW:DO_NOTHING"])).code).toBe(0);
    const wrong = await run([action, "--as", "STRIPE:ADD_TAX_ID"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain(`${action}:1:18 not_allowed /type must be "STRIPE" for --as STRIPE:ADD_TAX_ID`);
    const grant = file("grant.json", '{"grant_type":"authorization_code","client_id":"a","code":"c","redirect_uri":"https://app.example.com/cb"}');
    expect((await run([grant, "--as", "AuthorizationCodeTokenRequest"])).code).toBe(0);
    expect((await run([grant, "--as", "WebAuthnTokenRequest"])).stdout).toContain('not_allowed /grant_type must be "urn:okta:params:oauth:grant-type:webauthn"');
  });

  it("places a JSON syntax error where the text breaks", async () => {
    const path = file("broken.json", '{\n  "name": "x",\n  "actions": [1,]\n}');
    const { code, stdout: out } = await run([path, "--as", "post_flows"]);
    expect(code).toBe(1);
    expect(out).toContain(`${path}:3:17 parse_error (root) not valid JSON`);
  });

  it("reports a file that is not UTF-8 as unreadable", async () => {
    const path = file("latin1.json", new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    expect((await run([path, "--as", "post_flows"])).stdout).toContain(`${path}:1:1 unreadable (root) cannot read the file: not valid UTF-8`);
  });

  it("prints one JSON document with --format json", async () => {
    const path = file("empty-name.json", '{"name":""}');
    const { code, stdout: out } = await run([path, "--as", "post_flows", "--format", "json"]);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toEqual({ valid: 0, invalid: 1, files: [{ file: path, valid: false, issues: [expect.objectContaining({ line: 1, col: 9, code: "too_short", path: "/name" })] }] });
  });

  it("exits 2 on a usage error, with a suggestion for a misspelt --as", async () => {
    const path = file("any.json", "{}");
    const typo = await run([path, "--as", "STRIPE:ADD_TAXID"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean "STRIPE:ADD_TAX_ID"?');
    expect((await run([path])).stderr).toContain("--as is required");
    expect((await run([file("body.txt", "x"), "--as", "post_flows"])).stderr).toContain("pass --content-type");
    expect((await run([file("scopes.form", "scopes=x"), "--as", "patch_resource_server_scopes"])).stderr).toContain("never sent form-encoded");
    expect((await run([path, "--as", "post_flows", "--format", "xml"])).code).toBe(2);
  });
});

describe("flowspec, the command table", () => {
  it("prints its version, an overview, and one command's usage", async () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, "generator", "package.json"), "utf8")) as { version: string };
    expect(await runCli(["--version"], REPO_ROOT)).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    const overview = await runCli(["--help"], REPO_ROOT);
    expect(overview.stdout).toMatch(/^ {2}generate {2}/m);
    expect(overview.stdout).toMatch(/^ {2}validate {2}/m);
    const usage = await runCli(["help", "validate"], REPO_ROOT);
    expect(usage.code).toBe(0);
    expect(usage.stdout).toMatch(/^usage: flowspec validate/);
    // `validate --help` answers as `help validate` does, naming the options it takes.
    const own = await runCli(["validate", "--help"], REPO_ROOT);
    expect(own).toEqual({ code: 0, stdout: usage.stdout, stderr: "" });
    expect(own.stdout).toContain("--first-error");
  });

  it("names an unknown command with the one it resembles, and exits 2", async () => {
    const typo = await runCli(["genrate"], REPO_ROOT);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^flowspec: unknown command "genrate"; did you mean "generate"\?/);
    expect((await runCli(["help", "nope"], REPO_ROOT)).code).toBe(2);
    expect((await runCli([], REPO_ROOT)).code).toBe(2);
  });
});

describe("flowspec validate: input bounds (issue 23)", () => {
  it("refuses a file above --max-bytes before reading it, and takes one at the limit", async () => {
    const path = file("sized.json", FLOW_JSON);
    const refused = await run([path, "--as", "post_flows", "--max-bytes", String(FLOW_JSON.length - 1)]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`${path}:1:1 unreadable (root) cannot read the file: larger than ${FLOW_JSON.length - 1} bytes (--max-bytes)`);
    expect((await run([path, "--as", "post_flows", "--max-bytes", String(FLOW_JSON.length)])).code).toBe(0);
    expect((await run([path, "--as", "post_flows", "--max-bytes", "0"])).code).toBe(2);
  });

  it("refuses a device and a FIFO as files, without reading or waiting", async () => {
    const fifo = join(dir, "pipe.json");
    execFileSync("mkfifo", [fifo]);
    // A folder is a list of payloads (issue 20), not a file: its listing takes regular files only.
    for (const path of ["/dev/zero", fifo]) {
      const result = await run([path, "--as", "post_flows", "--content-type", "application/json"]);
      expect(result.code, path).toBe(1);
      expect(result.stdout).toContain("cannot read the file: not a regular file");
    }
    expect((await run([dir, "--as", "post_flows"])).stdout).not.toContain(fifo);
  });

  it("stops reading an endless standard input at the limit", async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 65_536;
        this.push(Buffer.alloc(65_536, 0x20));
      },
    });
    expect(await readBoundedStream(endless, 1_000_000)).toEqual({ refused: "larger than 1000000 bytes (--max-bytes)" });
    expect(produced).toBeLessThan(2_000_000);
    endless.destroy();
  });

  it("reads 40,000 keys, a YAML nested 10,000 deep and an unknown tag as answers, not stalls or stack messages", async () => {
    const keys = `{${Array.from({ length: 40_000 }, (_, i) => `"k${i}":1`).join(",")}}`;
    const many = await run([file("many.json", keys), "--as", "post_flows"]);
    expect(many.code).toBe(1);
    expect(many.stdout).toContain("many.json:1:1 required /name required property \"name\" is missing");
    const deep = await run([file("deep.yaml", `name: x\nactions: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`), "--as", "post_flows"]);
    expect(deep.stdout).toMatch(/deep\.yaml:2:\d+ \w+ \(root\) not valid YAML: nested more than 256 levels deep; flowspec reads at most 256\n/);
    expect(deep.stdout).not.toContain("call stack");
    const tagged = await run([file("tagged.yaml", "name: !!js/function 'x'\n"), "--as", "post_flows"]);
    expect(tagged.stdout).toContain("not valid YAML: unknown tag tag:yaml.org,2002:js/function");
  });

  it("answers a YAML whose anchor refers to itself from then and else, in both modes (issue 23: exit 134)", async () => {
    const yaml = "name: x\nactions:\n  - &loop\n    id: c\n    type: FLOW\n    action: BOOLEAN_CONDITION\n    params:\n      if: true\n      then: [*loop, *loop]\n      else: [*loop, *loop]\n";
    for (const mode of [[], ["--all-errors"]]) {
      const result = await run([file("cycle.yaml", yaml), "--as", "post_flows", ...mode]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(" too_deep ");
    }
  });
});
