using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Sorcha.Contracts.Auth;
using Sorcha.Contracts.Registers;
using Sorcha.Contracts.Transactions;
using Sorcha.Contracts.Wallets;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Execution;
using Sorcha.Contracts.Instances;
using Sorcha.Contracts.Templates;
using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Verification;

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
[JsonSerializable(typeof(WalletDto))]
[JsonSerializable(typeof(CreatedWalletDto))]
[JsonSerializable(typeof(Paged<WalletDto>), TypeInfoPropertyName = "PageWallet")]
[JsonSerializable(typeof(UpdateWalletRequest))]
[JsonSerializable(typeof(SignRequest))]
[JsonSerializable(typeof(SignResponse))]
[JsonSerializable(typeof(VerifyRequest))]
[JsonSerializable(typeof(VerifyResponse))]
[JsonSerializable(typeof(EncryptRequest))]
[JsonSerializable(typeof(Envelope))]
[JsonSerializable(typeof(PrepareTransactionRequest))]
[JsonSerializable(typeof(PreparedTransaction))]
[JsonSerializable(typeof(DecryptResponse))]
[JsonSerializable(typeof(GrantAccessRequest))]
[JsonSerializable(typeof(AccessGrantDto))]
[JsonSerializable(typeof(IReadOnlyList<AccessGrantDto>))]
[JsonSerializable(typeof(Paged<DelegatedWalletDto>), TypeInfoPropertyName = "PageDelegatedWallet")]
[JsonSerializable(typeof(CreateRegisterRequest))]
[JsonSerializable(typeof(RegisterDto))]
[JsonSerializable(typeof(UpdateRegisterRequest))]
[JsonSerializable(typeof(Sorcha.Ledger.Tombstones.Tombstone))]
[JsonSerializable(typeof(Paged<RegisterDto>), TypeInfoPropertyName = "PageRegister")]
[JsonSerializable(typeof(Docket))]
[JsonSerializable(typeof(Paged<Docket>), TypeInfoPropertyName = "PageDocket")]
[JsonSerializable(typeof(InclusionProof))]
[JsonSerializable(typeof(ConsistencyProof))]
[JsonSerializable(typeof(RegisterWritersDto))]
[JsonSerializable(typeof(VerificationResult))]
[JsonSerializable(typeof(RegisterStatsDto))]
[JsonSerializable(typeof(TransactionDocument))]
[JsonSerializable(typeof(CommittedTransactionDocument))]
[JsonSerializable(typeof(Paged<CommittedTransactionDocument>), TypeInfoPropertyName = "PageCommittedTransaction")]
[JsonSerializable(typeof(BatchDocument))]
[JsonSerializable(typeof(SubmittedBatch))]
[JsonSerializable(typeof(TransactionLocation))]
[JsonSerializable(typeof(TransactionLimits))]
[JsonSerializable(typeof(BlueprintDocument))]
[JsonSerializable(typeof(BlueprintDto))]
[JsonSerializable(typeof(Paged<BlueprintDto>), TypeInfoPropertyName = "PageBlueprintDto")]
[JsonSerializable(typeof(TemplateDto))]
[JsonSerializable(typeof(Paged<TemplateDto>), TypeInfoPropertyName = "PageTemplateDto")]
[JsonSerializable(typeof(Paged<BlueprintVersionEntry>), TypeInfoPropertyName = "PageBlueprintVersionEntry")]
[JsonSerializable(typeof(CreateTemplateRequest))]
[JsonSerializable(typeof(InstantiateTemplateRequest))]
[JsonSerializable(typeof(TemplateDto))]
[JsonSerializable(typeof(Paged<TemplateDto>), TypeInfoPropertyName = "PageTemplateDto")]
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
