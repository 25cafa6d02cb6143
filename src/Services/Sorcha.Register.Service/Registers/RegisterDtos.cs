using Sorcha.Contracts.Registers;
using Sorcha.Ledger.Formats;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Registers;

/// <summary>A register as the contract's <see cref="RegisterDto"/> shows it: its head and its docket-signing key.</summary>
internal static class RegisterDtos
{
    public static RegisterDto From(RegisterRecord register, RegisterState state) => new(register.Id, register.Name, state.Height,
        state.ChainHash, register.PublicKey, LedgerTime.Format(register.CreatedAt), register.Description,
        state.Archived ? RegisterStates.Archived : RegisterStates.Active,
        state.ArchivedAt is { } at ? LedgerTime.Format(at) : null);
}
