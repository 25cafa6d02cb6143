using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Execution;
using Sorcha.Contracts.Instances;
using Sorcha.Cryptography;

namespace Sorcha.Client;

/// <summary>
/// Source-generated JSON for every request and answer: no reflection on the hot path (the load harness sends
/// hundreds of requests per second through this client). Web defaults (camelCase), algorithm names as strings, nulls
/// left out when writing (the services treat absent and null alike, and the ledger refuses null metadata members).
/// </summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, UseStringEnumConverter = true,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(ProblemDocument))]
[JsonSerializable(typeof(TokenResponse))]
[JsonSerializable(typeof(HealthReport))]
[JsonSerializable(typeof(CreateWalletRequest))]
[JsonSerializable(typeof(Wallet))]
[JsonSerializable(typeof(CreatedWallet))]
[JsonSerializable(typeof(Paged<Wallet>), TypeInfoPropertyName = "PageWallet")]
[JsonSerializable(typeof(UpdateWalletRequest))]
[JsonSerializable(typeof(SignRequest))]
[JsonSerializable(typeof(WalletSignature))]
[JsonSerializable(typeof(VerifyRequest))]
[JsonSerializable(typeof(VerifyResponse))]
[JsonSerializable(typeof(EncryptRequest))]
[JsonSerializable(typeof(Envelope))]
[JsonSerializable(typeof(PrepareTransactionRequest))]
[JsonSerializable(typeof(PreparedTransaction))]
[JsonSerializable(typeof(DecryptResponse))]
[JsonSerializable(typeof(GrantAccessRequest))]
[JsonSerializable(typeof(WalletGrant))]
[JsonSerializable(typeof(IReadOnlyList<WalletGrant>))]
[JsonSerializable(typeof(Paged<DelegatedWallet>), TypeInfoPropertyName = "PageDelegatedWallet")]
[JsonSerializable(typeof(CreateRegisterRequest))]
[JsonSerializable(typeof(Register))]
[JsonSerializable(typeof(Paged<Register>), TypeInfoPropertyName = "PageRegister")]
[JsonSerializable(typeof(Docket))]
[JsonSerializable(typeof(Paged<Docket>), TypeInfoPropertyName = "PageDocket")]
[JsonSerializable(typeof(InclusionProof))]
[JsonSerializable(typeof(ConsistencyProof))]
[JsonSerializable(typeof(RegisterWriters))]
[JsonSerializable(typeof(RegisterVerification))]
[JsonSerializable(typeof(RegisterStats))]
[JsonSerializable(typeof(Transaction))]
[JsonSerializable(typeof(CommittedTransaction))]
[JsonSerializable(typeof(Paged<CommittedTransaction>), TypeInfoPropertyName = "PageCommittedTransaction")]
[JsonSerializable(typeof(BatchRequest))]
[JsonSerializable(typeof(BatchResponse))]
[JsonSerializable(typeof(TransactionLocation))]
[JsonSerializable(typeof(TransactionLimits))]
[JsonSerializable(typeof(BlueprintDocument))]
[JsonSerializable(typeof(BlueprintDto))]
[JsonSerializable(typeof(Paged<BlueprintDto>), TypeInfoPropertyName = "PageBlueprintDto")]
[JsonSerializable(typeof(ExecutionRequest))]
[JsonSerializable(typeof(DataValidationResult))]
[JsonSerializable(typeof(CalculateResponse))]
[JsonSerializable(typeof(RouteResponse))]
[JsonSerializable(typeof(DiscloseResponse))]
[JsonSerializable(typeof(CreateInstanceRequest))]
[JsonSerializable(typeof(CreatedInstanceResponse))]
[JsonSerializable(typeof(InstanceDto))]
[JsonSerializable(typeof(SubmitActionRequest))]
[JsonSerializable(typeof(SubmitActionResponse))]
[JsonSerializable(typeof(RejectActionRequest))]
[JsonSerializable(typeof(RejectActionResponse))]
[JsonSerializable(typeof(Paged<InstanceSummary>), TypeInfoPropertyName = "PageInstanceSummary")]
[JsonSerializable(typeof(Paged<InboxItem>), TypeInfoPropertyName = "PageInboxItem")]
[JsonSerializable(typeof(ActionPayload))]
[JsonSerializable(typeof(JsonElement))]
[JsonSerializable(typeof(JsonNode))]
public sealed partial class SorchaJsonContext : JsonSerializerContext;
