namespace Sorcha.Wallet.Service.Signing;

public sealed record SignRequest(string? Data);

public sealed record SignResponse(string Signature, string PublicKey, string Algorithm);

public sealed record VerifyRequest(string? Algorithm, string? PublicKey, string? Data, string? Signature);

public sealed record VerifyResponse(bool Valid);
