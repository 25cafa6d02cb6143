using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// Wallet addresses: bech32m("ws", 5-bit regrouping of [algorithmId] ++ SHA-256(publicKey)[0..20]).
/// Every address is 43 characters, whatever the algorithm.
/// </summary>
public static class Addresses
{
    public const string Hrp = "ws";
    public const int KeyHashSize = 20;
    public const int Length = 43;

    private const int PayloadSize = 1 + KeyHashSize;

    public static string FromPublicKey(SignatureAlgorithm algorithm, ReadOnlySpan<byte> publicKey)
    {
        if (!Enum.IsDefined(algorithm))
        {
            throw Signatures.UnknownAlgorithm(algorithm);
        }

        Span<byte> hash = stackalloc byte[Hashes.Sha256Size];
        SHA256.HashData(publicKey, hash);
        Span<byte> payload = stackalloc byte[PayloadSize];
        payload[0] = (byte)algorithm;
        hash[..KeyHashSize].CopyTo(payload[1..]);
        return Bech32m.Encode(Hrp, Bech32m.ConvertBits(payload, 8, 5, pad: true));
    }

    /// <summary>
    /// Parses an address. Only the canonical lowercase form is accepted, so that one wallet has exactly one address string.
    /// </summary>
    public static bool TryParse(string address, out SignatureAlgorithm algorithm, out byte[] keyHash)
    {
        algorithm = default;
        keyHash = [];
        if (address is null || address.Length != Length || address.Any(char.IsAsciiLetterUpper))
        {
            return false;
        }

        if (!Bech32m.TryDecode(address, out var hrp, out var data5) || hrp != Hrp
            || !Bech32m.TryConvertBits(data5, 5, 8, pad: false, out var payload) || payload.Length != PayloadSize)
        {
            return false;
        }

        var candidate = (SignatureAlgorithm)payload[0];
        if (!Enum.IsDefined(candidate))
        {
            return false;
        }

        algorithm = candidate;
        keyHash = payload[1..];
        return true;
    }

    /// <summary>True when <paramref name="publicKey"/> of <paramref name="algorithm"/> is the key behind <paramref name="address"/>.</summary>
    public static bool Matches(string address, SignatureAlgorithm algorithm, ReadOnlySpan<byte> publicKey)
    {
        if (!TryParse(address, out var parsedAlgorithm, out var keyHash) || parsedAlgorithm != algorithm)
        {
            return false;
        }

        Span<byte> hash = stackalloc byte[Hashes.Sha256Size];
        SHA256.HashData(publicKey, hash);
        return hash[..KeyHashSize].SequenceEqual(keyHash);
    }
}
