using System.Text.Json.Serialization;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Verification;

namespace Sorcha.Ledger;

/// <summary>
/// Source-generated JSON for the ledger's wire types. Reading is strict: a missing or null required member fails
/// instead of turning into a default that would then fail a hash check with a misleading reason.
/// </summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    RespectNullableAnnotations = true,
    RespectRequiredConstructorParameters = true)]
[JsonSerializable(typeof(Docket))]
[JsonSerializable(typeof(InclusionProof))]
[JsonSerializable(typeof(ConsistencyProof))]
[JsonSerializable(typeof(CommittedTransaction))]
[JsonSerializable(typeof(VerificationResult))]
[JsonSerializable(typeof(Tombstones.Tombstone))]
public sealed partial class LedgerJsonContext : JsonSerializerContext;
