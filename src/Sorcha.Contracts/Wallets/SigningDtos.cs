using System.Text.Json.Serialization;
using Sorcha.Cryptography;

namespace Sorcha.Contracts.Wallets;

/// <summary><c>POST /api/wallets/{address}/sign</c>: base64 <c>data</c> (a string, so bad base64 is the service's own 400).</summary>
public sealed record SignRequest(string? Data);

/// <summary>A wallet's signature over the data, with the key that verifies it (base64 on the wire).</summary>
public sealed record SignResponse(byte[] Signature, byte[] PublicKey,
    [property: JsonConverter(typeof(JsonStringEnumConverter<SignatureAlgorithm>))] SignatureAlgorithm Algorithm);

/// <summary><c>POST /api/wallets/verify</c>: strings, which the service checks member by member (an unknown algorithm is its 400).</summary>
public sealed record VerifyRequest(string? Algorithm, string? PublicKey, string? Data, string? Signature);

public sealed record VerifyResponse(bool Valid);
