using System.Security.Cryptography;
using Sorcha.Ledger.Formats;

namespace Sorcha.Registers.Store;

/// <summary>Register ids are 16 random bytes in lowercase hex. Anything else is unknown without touching Redis.</summary>
public static class RegisterIds
{
    public const int Length = 32;

    public static string New() => LowerHex.Encode(RandomNumberGenerator.GetBytes(Length / 2));

    public static bool IsValid(string? id) => LowerHex.IsHash(id, Length / 2);
}
