#!/usr/bin/env python3
"""Fails when a test reads an answer as raw JSON (`.Str("…")`, `GetProperty("…")`) outside the files allowed to.

Tests read answers as the contract's records (tests/Sorcha.Testing/Json.cs: Json.GetAsync<T>, ProblemAssert), so a
renamed or dropped member fails the typed read. Raw JSON is for tests of the wire itself: those files are in WIRE,
each with what about the wire it checks. NOT_YET lists the files that still read records' members raw: a file
converted to records leaves it (this check then keeps it converted), and none joins it.
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
    "tests/Sorcha.IntegrationTests/OpenApi/GeneratedClientTests.cs": "the served OpenAPI documents",
    "tests/Sorcha.IntegrationTests/OpenApi/OpenApiDocumentTests.cs": "the served OpenAPI documents",
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

NOT_YET = {
    "tests/Sorcha.Blueprint.Service.Tests/AttachmentTests.cs",
    "tests/Sorcha.FaultTests/Limits/LimitsTests.cs",
    "tests/Sorcha.FaultTests/Reliability/SupervisionTests.cs",
    "tests/Sorcha.FaultTests/Reliability/WritesRefused.cs",
    "tests/Sorcha.IntegrationTests/Blueprints/AttachmentWorkflowTests.cs",
    "tests/Sorcha.IntegrationTests/Blueprints/VersionsAndTemplatesTests.cs",
    "tests/Sorcha.IntegrationTests/Events/RegisterEventsTests.cs",
    "tests/Sorcha.IntegrationTests/Foundation/AuthenticationTests.cs",
    "tests/Sorcha.IntegrationTests/Foundation/GarnetFallbackTests.cs",
    "tests/Sorcha.IntegrationTests/Foundation/PlatformHealthTests.cs",
    "tests/Sorcha.IntegrationTests/Gateway/GatewayRouteTests.cs",
    "tests/Sorcha.IntegrationTests/Registers/ConcurrentCommitTests.cs",
    "tests/Sorcha.IntegrationTests/Registers/RegisterFilterTests.cs",
    "tests/Sorcha.IntegrationTests/Registers/RegisterUpgradeTests.cs",
    "tests/Sorcha.IntegrationTests/Registers/TransactionSubmitTests.cs",
    "tests/Sorcha.IntegrationTests/Registers/TruncationTests.cs",
    "tests/Sorcha.IntegrationTests/Reliability/ReplicaTests.cs",
    "tests/Sorcha.IntegrationTests/Reliability/SecretsAuditTests.cs",
    "tests/Sorcha.IntegrationTests/Wallets/WalletTransactionTests.cs",
    "tests/Sorcha.Testing/BadInput/Routes/BlueprintRoutesSuite.cs",
    "tests/Sorcha.Testing/Blueprints/AttachmentFlows.cs",
    "tests/Sorcha.Testing/Faults/RegisterAudit.cs",
    "tests/Sorcha.Testing/Faults/TransactionLoad.cs",
    "tests/Sorcha.Testing/Platform/GatewayHealth.cs",
    "tests/Sorcha.Testing/Registers/RegisterFlows.cs",
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
            if f not in WIRE and f not in NOT_YET:
                findings.append(f"{f}:{number}: a raw read; read the answer as its Sorcha.Contracts record (Json.GetAsync<T>), "
                                "or, if the wire itself is under test, add the file to WIRE saying what")
for f in sorted(NOT_YET - raw_files):
    findings.append(f"{f}: reads no JSON raw any more: remove it from NOT_YET")
for f in sorted((WIRE.keys() | NOT_YET) - set(files)):
    findings.append(f"{f}: no such file: remove it from the lists")
for finding in findings:
    print(finding)
print(f"check-raw-json: {len(raw_files)} files read raw ({len(WIRE)} of the wire, {len(NOT_YET)} not yet records); "
      f"{len(findings)} finding(s)")
sys.exit(1 if findings else 0)
