namespace Sorcha.Cryptography.Tests;

/// <summary>A test-only BIP-173/BIP-350 encoder written from the specs' pseudocode, to check the library against.</summary>
internal static class ReferenceBech32
{
    public const uint Bech32Constant = 1;
    public const uint Bech32mConstant = 0x2bc830a3;
    private const string Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

    public static string Encode(string hrp, byte[] data5, uint constant)
    {
        var values = HrpExpand(hrp).Concat(data5).Concat(new byte[6]).ToArray();
        var polymod = PolyMod(values) ^ constant;
        var checksum = Enumerable.Range(0, 6).Select(i => (byte)((polymod >> (5 * (5 - i))) & 31));
        return hrp + "1" + new string(data5.Concat(checksum).Select(d => Charset[d]).ToArray());
    }

    public static byte[] ToFiveBit(byte[] bytes)
    {
        var bits = bytes.SelectMany(b => Enumerable.Range(0, 8).Select(i => (b >> (7 - i)) & 1)).ToList();
        while (bits.Count % 5 != 0)
        {
            bits.Add(0);
        }

        return Enumerable.Range(0, bits.Count / 5).Select(i => (byte)bits.Skip(i * 5).Take(5).Aggregate(0, (a, b) => (a << 1) | b)).ToArray();
    }

    private static byte[] HrpExpand(string hrp) =>
        [.. hrp.Select(c => (byte)(c >> 5)), 0, .. hrp.Select(c => (byte)(c & 31))];

    private static uint PolyMod(byte[] values)
    {
        uint[] generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
        uint chk = 1;
        foreach (var v in values)
        {
            var top = chk >> 25;
            chk = ((chk & 0x1ffffff) << 5) ^ v;
            for (var i = 0; i < 5; i++)
            {
                chk ^= ((top >> i) & 1) != 0 ? generator[i] : 0;
            }
        }

        return chk;
    }
}
