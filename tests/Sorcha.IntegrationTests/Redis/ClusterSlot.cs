using System.Text;

namespace Sorcha.IntegrationTests.Redis;

/// <summary>
/// Redis Cluster's key slot, written out from the cluster specification (CRC16/XMODEM of the hash tag, or of the whole
/// key when it has none, modulo 16384) so that the check does not trust the client library it checks.
/// </summary>
public static class ClusterSlot
{
    public static int Of(string key)
    {
        var open = key.IndexOf('{');
        if (open >= 0)
        {
            var close = key.IndexOf('}', open + 1);
            if (close > open + 1)
            {
                key = key[(open + 1)..close];
            }
        }

        ushort crc = 0;
        foreach (var b in Encoding.UTF8.GetBytes(key))
        {
            crc ^= (ushort)(b << 8);
            for (var i = 0; i < 8; i++)
            {
                crc = (ushort)((crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1);
            }
        }

        return crc % 16384;
    }
}
