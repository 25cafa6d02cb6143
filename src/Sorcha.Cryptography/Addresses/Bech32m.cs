namespace Sorcha.Cryptography;

/// <summary>BIP-350 Bech32m: BIP-173 strings with the constant 0x2bc830a3 in place of 1 in the checksum.</summary>
public static class Bech32m
{
    public const int MaxLength = 90;

    private const uint ChecksumConstant = 0x2bc830a3;
    private const int ChecksumLength = 6;
    private const string Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

    private static readonly sbyte[] _charsetRev = BuildReverse();

    /// <summary>Encodes 5-bit words under a lowercase human-readable part.</summary>
    public static string Encode(string hrp, ReadOnlySpan<byte> data5)
    {
        ArgumentException.ThrowIfNullOrEmpty(hrp);
        if (hrp.Length > 83 || hrp.Any(c => c is < (char)33 or > (char)126 || char.IsAsciiLetterUpper(c)))
        {
            throw new ArgumentException("The human-readable part must be 1 to 83 lowercase printable ASCII characters.", nameof(hrp));
        }

        if (hrp.Length + 1 + data5.Length + ChecksumLength > MaxLength)
        {
            throw new ArgumentException("The encoded string would exceed 90 characters.", nameof(data5));
        }

        var checksum = CreateChecksum(hrp, data5);
        return string.Create(hrp.Length + 1 + data5.Length + ChecksumLength, (hrp, data5.ToArray(), checksum), static (span, state) =>
        {
            state.hrp.CopyTo(span);
            span[state.hrp.Length] = '1';
            var position = state.hrp.Length + 1;
            foreach (var word in state.Item2)
            {
                span[position++] = Charset[word];
            }

            foreach (var word in state.checksum)
            {
                span[position++] = Charset[word];
            }
        });
    }

    /// <summary>Decodes a Bech32m string (all lowercase or all uppercase); <paramref name="hrp"/> comes back lowercase.</summary>
    public static bool TryDecode(string s, out string hrp, out byte[] data5)
    {
        hrp = string.Empty;
        data5 = [];
        if (s is null || s.Length > MaxLength)
        {
            return false;
        }

        bool hasLower = false, hasUpper = false;
        foreach (var c in s)
        {
            if (c is < (char)33 or > (char)126)
            {
                return false;
            }

            hasLower |= char.IsAsciiLetterLower(c);
            hasUpper |= char.IsAsciiLetterUpper(c);
        }

        var separator = s.LastIndexOf('1');
        if ((hasLower && hasUpper) || separator < 1 || separator + 1 + ChecksumLength > s.Length)
        {
            return false;
        }

        var lower = s.ToLowerInvariant();
        var words = new byte[s.Length - separator - 1];
        for (var i = 0; i < words.Length; i++)
        {
            var c = lower[separator + 1 + i];
            var value = c < 128 ? _charsetRev[c] : (sbyte)-1;
            if (value < 0)
            {
                return false;
            }

            words[i] = (byte)value;
        }

        var hrpPart = lower[..separator];
        if (PolyMod(hrpPart, words) != ChecksumConstant)
        {
            return false;
        }

        hrp = hrpPart;
        data5 = words[..^ChecksumLength];
        return true;
    }

    /// <summary>Regroups bits (BIP-173 convertbits). Without padding, leftover bits must be fewer than <paramref name="from"/> and zero.</summary>
    public static byte[] ConvertBits(ReadOnlySpan<byte> data, int from, int to, bool pad) =>
        TryConvertBits(data, from, to, pad, out var result) ? result : throw new FormatException("Invalid bit groups or padding.");

    internal static bool TryConvertBits(ReadOnlySpan<byte> data, int from, int to, bool pad, out byte[] result)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(from, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(from, 8);
        ArgumentOutOfRangeException.ThrowIfLessThan(to, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(to, 8);
        result = [];
        var output = new List<byte>((data.Length * from / to) + 1);
        int accumulator = 0, bits = 0;
        var maxValue = (1 << to) - 1;
        foreach (var value in data)
        {
            if (value >> from != 0)
            {
                return false;
            }

            accumulator = ((accumulator << from) | value) & 0xFFFFFF;
            bits += from;
            while (bits >= to)
            {
                bits -= to;
                output.Add((byte)((accumulator >> bits) & maxValue));
            }
        }

        if (pad)
        {
            if (bits > 0)
            {
                output.Add((byte)((accumulator << (to - bits)) & maxValue));
            }
        }
        else if (bits >= from || ((accumulator << (to - bits)) & maxValue) != 0)
        {
            return false;
        }

        result = [.. output];
        return true;
    }

    private static byte[] CreateChecksum(string hrp, ReadOnlySpan<byte> data5)
    {
        var values = new byte[data5.Length + ChecksumLength];
        for (var i = 0; i < data5.Length; i++)
        {
            if (data5[i] > 31)
            {
                throw new ArgumentException("Data words must be 5-bit values.", nameof(data5));
            }

            values[i] = data5[i];
        }

        var polymod = PolyMod(hrp, values) ^ ChecksumConstant;
        var checksum = new byte[ChecksumLength];
        for (var i = 0; i < ChecksumLength; i++)
        {
            checksum[i] = (byte)((polymod >> (5 * (5 - i))) & 31);
        }

        return checksum;
    }

    private static uint PolyMod(string hrp, ReadOnlySpan<byte> words)
    {
        uint chk = 1;
        foreach (var c in hrp)
        {
            chk = Step(chk) ^ ((uint)c >> 5);
        }

        chk = Step(chk);
        foreach (var c in hrp)
        {
            chk = Step(chk) ^ ((uint)c & 31);
        }

        foreach (var word in words)
        {
            chk = Step(chk) ^ word;
        }

        return chk;
    }

    private static uint Step(uint chk)
    {
        var top = chk >> 25;
        chk = (chk & 0x1ffffff) << 5;
        if ((top & 1) != 0) chk ^= 0x3b6a57b2;
        if ((top & 2) != 0) chk ^= 0x26508e6d;
        if ((top & 4) != 0) chk ^= 0x1ea119fa;
        if ((top & 8) != 0) chk ^= 0x3d4233dd;
        if ((top & 16) != 0) chk ^= 0x2a1462b3;
        return chk;
    }

    private static sbyte[] BuildReverse()
    {
        var reverse = new sbyte[128];
        Array.Fill(reverse, (sbyte)-1);
        for (var i = 0; i < Charset.Length; i++)
        {
            reverse[Charset[i]] = (sbyte)i;
        }

        return reverse;
    }
}
