using Sorcha.Ledger.Formats;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Registers;

public sealed record CreateRegisterRequest(string? Name);

/// <summary>api.md's Register; <c>publicKey</c> is the register's own Ed25519 docket-signing key (base64, 32 bytes).</summary>
public sealed record RegisterDto(string Id, string Name, long Height, string HeadChainHash, string PublicKey, string CreatedAt)
{
    public static RegisterDto From(RegisterRecord register, RegisterState state) => new(register.Id, register.Name, state.Height,
        state.ChainHash, Convert.ToBase64String(register.PublicKey), LedgerTime.Format(register.CreatedAt));
}
