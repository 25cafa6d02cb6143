#!/usr/bin/env python3
"""Fails when a test reads an answer as raw JSON (`.Str("…")`, `GetProperty("…")`) outside the files allowed to.

Tests read answers as the contract's records (tests/Sorcha.Testing/Json.cs: Json.GetAsync<T>, ProblemAssert), so a
renamed or dropped member fails the typed read. Raw JSON is for tests of the wire itself: those files are in WIRE,
each with what about the wire it checks.
usage: python3 scripts/check-raw-json.py   (from the repository root; exit 1 with one line per finding)
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
RAW = re.compile(r'\.Str\("|GetProperty\("')

WIRE = {
    "tests/Sorcha.ApiPlatform.Tests/ProblemExceptionHandlerTests.cs": "the problem document the handler writes",
    "tests/Sorcha.ApiPlatform.Tests/RedisUnreachableTests.cs": "the problem document's media type and status member",
    "tests/Sorcha.Blueprint.Service.Tests/ExecutionHelperTests.cs": "a finished route written as members present and null",
    "tests/Sorcha.Blueprint.Service.Tests/OpenApiSchemaNameTests.cs": "the OpenAPI document's schema names",
    "tests/Sorcha.Client.Tests/TransactionSignerTests.cs": "the JSON a signed transaction is written as",
    "tests/Sorcha.Cryptography.Tests/MnemonicsTests.cs": "the BIP-39 test vectors' file",
    "tests/Sorcha.IntegrationTests/Client/SorchaClientFlowTests.cs": "a transaction's payload, free JSON kept byte for byte",
    "tests/Sorcha.IntegrationTests/Events/RawHubClient.cs": "the hub's messages as SignalR frames them",
    "tests/Sorcha.IntegrationTests/Gateway/GatewayRouteTests.cs": "an operator's stub backend's { replica } answer (not Sorcha's API)",
    "tests/Sorcha.IntegrationTests/OpenApi/GeneratedClientTests.cs": "the served OpenAPI documents",
    "tests/Sorcha.IntegrationTests/OpenApi/OpenApiDocumentTests.cs": "the served OpenAPI documents",
    "tests/Sorcha.IntegrationTests/Registers/RegisterFilterTests.cs": "the wallet filter's meaning over any payload's envelopes (free JSON)",
    "tests/Sorcha.IntegrationTests/Registers/RegisterUpgradeTests.cs": "a docket sealed before register trees leaves treeSize out of the wire",
    "tests/Sorcha.IntegrationTests/Registers/TransactionSubmitTests.cs": "an unsealed transaction leaves docketNumber out of the wire",
    "tests/Sorcha.IntegrationTests/Reliability/SecretsAuditTests.cs": "a wallet record as stored in Redis (its sealed keys; no answer is read raw)",
    "tests/Sorcha.IntegrationTests/Wallets/DerivedAddressWorkflowTests.cs": "a decrypted share: the action's own data, which has no record",
    "tests/Sorcha.IntegrationTests/Wallets/WalletLifecycleTests.cs": "a read leaves the mnemonic member out of the wire",
    "tests/Sorcha.IntegrationTests/Work/InboxAndRejectionTests.cs": "a decrypted rejection share, { reason }, which has no record",
    "tests/Sorcha.Ledger.Tests/FieldPreservationTests.cs": "members the ledger must keep as they came",
    "tests/Sorcha.Ledger.Tests/TransactionParserTests.cs": "the transaction parser's input",
    "tests/Sorcha.Testing/BadInput/BadInputSuite.cs": "any route's problem document, whatever its route's record",
    "tests/Sorcha.Testing/Platform/PlatformFixture.cs": "the token endpoint's OAuth answer (not a contract record)",
    "tests/Sorcha.Testing/ProblemAssert.cs": "the problem document's members",
    "tests/Sorcha.Wallet.Service.Tests/WalletDelegationTests.cs": "a grant without expiry leaves expiresAt out of the wire",
    "tests/Sorcha.Wallet.Service.Tests/WalletQuotaTests.cs": "wallet records as stored in Redis (no answer is read raw)",
    "tests/Sorcha.Wallet.Service.Tests/WalletUpdateTests.cs": "tags written as one object in ordinal order (the merge test)",
}

files = subprocess.run(["git", "ls-files", "tests"], cwd=root, capture_output=True, text=True, check=True).stdout.split()
findings = []
raw_files = set()
for f in files:
    if not f.endswith(".cs"):
        continue
    for number, line in enumerate((root / f).read_text(encoding="utf-8").splitlines(), 1):
        if RAW.search(line):
            raw_files.add(f)
            if f not in WIRE:
                findings.append(f"{f}:{number}: a raw read; read the answer as its Sorcha.Contracts record (Json.GetAsync<T>), "
                                "or, if the wire itself is under test, add the file to WIRE saying what")
for f in sorted(WIRE.keys() - set(files)):
    findings.append(f"{f}: no such file: remove it from WIRE")
for finding in findings:
    print(finding)
print(f"check-raw-json: {len(raw_files)} files read raw ({len(WIRE)} of the wire); {len(findings)} finding(s)")
sys.exit(1 if findings else 0)
